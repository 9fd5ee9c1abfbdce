import Testing

@testable import Reductor

/// A dependency with a value per context.
final class Greeter: Sendable {
  let greeting: String

  init(_ greeting: String) {
    self.greeting = greeting
  }
}

struct GreeterKey: DependencyKey {
  static var liveValue: Greeter { Greeter("hello") }
  static var previewValue: Greeter { Greeter("preview") }
  static var testValue: Greeter { Greeter("test") }
}

/// A dependency only the concurrency test reads, counting its instances.
final class SharedService: Sendable {
  static let made = Counter(0)

  init() { Self.made.increment() }
}

struct SharedServiceKey: DependencyKey {
  static var liveValue: SharedService { SharedService() }
}

struct ServiceUser: Sendable {
  @Dependency(SharedServiceKey.self) var service
}

/// A key with a live value only.
struct UntestedKey: DependencyKey {
  static var liveValue: String { "live" }
}

/// TCA's client of closures, defined without a test value.
struct FactClient: Sendable {
  var fetch: @Sendable (Int) async -> String
  var name = "facts"
}

struct FactClientKey: DependencyKey {
  static var liveValue: FactClient { FactClient { "\($0) is a live fact" } }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClientKey.self] }
    set { self[FactClientKey.self] = newValue }
  }

  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

struct Greeting {
  @Dependency(\.greeter) var greeter
  @Dependency(UntestedKey.self) var untested

  func greet() -> String { greeter.greeting }
}

@Suite struct DependencyValuesTests {
  @Test func aDependencyHasItsLiveValueUnlessOverridden() {
    #expect(Greeting().greet() == "hello")
    let overridden = withDependencies {
      $0.greeter = Greeter("hi")
    } operation: {
      Greeting().greet()
    }
    #expect(overridden == "hi")
    #expect(Greeting().greet() == "hello")
  }

  @Test func anOverrideReachesTheTasksItsOperationStarts() async {
    let greetings = await withDependencies {
      $0.greeter = Greeter("hey")
    } operation: {
      async let child = Greeting().greet()
      let unstructured = await Task { Greeting().greet() }.value
      return [await child, unstructured]
    }
    #expect(greetings == ["hey", "hey"])
  }

  @Test(arguments: [
    (DependencyContext.live, "hello"), (.preview, "preview"), (.test, "test"),
  ])
  func eachContextHasItsValue(context: DependencyContext, greeting: String) {
    let greeted = withDependencies {
      $0.context = context
    } operation: {
      Greeting().greet()
    }
    #expect(greeted == greeting)
  }

  /// Overriding a field the TCA way, `$0.factClient.fetch = { … }`, reads the client first:
  /// that read is part of the override, not a read of the missing test value. A later read of
  /// the key without an override is still reported.
  @Test func overridingAFieldOfAClientWithoutATestValueIsNotReportedAsARead() async {
    let reported = Locked<[StoreDiagnostic.Kind]>([])
    await withDependencies {
      $0.context = .test
      $0.report = { diagnostic in reported.withLock { $0.append(diagnostic.kind) } }
    } operation: {
      let fact = await withDependencies {
        $0.factClient.fetch = { "\($0) is a fact" }
      } operation: {
        @Dependency(\.factClient) var factClient
        return await factClient.fetch(7)
      }
      #expect(fact == "7 is a fact")
      #expect(reported.value == [])
      @Dependency(\.factClient) var factClient
      #expect(factClient.name == "facts")
      #expect(reported.value == [.missingTestDependency])
    }
  }

  @Test func aKeyWithoutATestValueIsReportedByNameInTheTestContextAndGivesItsPreviewValue() {
    let reported = Locked<[StoreDiagnostic]>([])
    let value = withDependencies {
      $0.context = .test
      $0.report = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    } operation: {
      [Greeting().untested, Greeting().untested]
    }
    #expect(value == ["live", "live"])
    // Made once in the context, so reported once.
    #expect(reported.value.map(\.kind) == [.missingTestDependency])
    #expect(reported.value.first?.message.hasPrefix("UntestedKey has no test value") == true)
  }

  @Test func sixtyFourConcurrentFirstReadsMakeOneInstance() async {
    let instances = await withDependencies {
      // A context of its own: its values are made afresh.
      $0.context = .preview
    } operation: {
      await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<64 {
          group.addTask { ObjectIdentifier(ServiceUser().service) }
        }
        return await group.reduce(into: Set()) { $0.insert($1) }
      }
    }
    #expect(instances.count == 1)
    #expect(SharedService.made.value == 1)
  }
}
