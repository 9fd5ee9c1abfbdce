import Foundation
import Reductor
import Testing

extension SignUp.State: NamedBindingFields {
  static let bindingFields: [BindingField<Self>] = [
    BindingField("name", \.name), BindingField("agreed", \.agreed),
  ]
}

/// Binding actions and identified arrays encode and decode, as a recorded session needs.
@Suite struct BindingCodingTests {
  struct Row: Codable, Equatable, Identifiable {
    var id: Int
    var title: String
  }

  func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func decoded<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  @Test func aBindingActionEncodesAsItsFieldsNameAndValue() throws {
    let actions: [BindingAction<SignUp.State>] = [.set(\.name, "Ada"), .set(\.agreed, true)]
    #expect(try json(actions) == #"[{"name":"Ada"},{"agreed":true}]"#)
    #expect(try decoded([BindingAction<SignUp.State>].self, from: json(actions)) == actions)
  }

  @Test func aFieldTheStateDoesNotNameIsAnErrorThatNamesIt() throws {
    let unnamed = BindingAction<SignUp.State>.set(\.canSubmit, true)
    #expect {
      try json(unnamed)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription
        == #"\State.canSubmit is not one of State.bindingFields."#
    }
    #expect {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"canSubmit":true}"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == #""canSubmit" is not the name of one of State.bindingFields."#
    }
    #expect(throws: DecodingError.self) {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"name":"Ada","agreed":true}"#)
    }
    #expect(throws: DecodingError.self) {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"name":1}"#)
    }
  }

  @Test func anIdentifiedArrayEncodesAsAnArrayOfItsElements() throws {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 2, title: "b"), Row(id: 1, title: "a")]
    #expect(try json(rows) == #"[{"id":2,"title":"b"},{"id":1,"title":"a"}]"#)
    let back = try decoded(IdentifiedArrayOf<Row>.self, from: json(rows))
    #expect(back == rows)
    #expect(back[id: 1]?.title == "a")
  }

  @Test func anIdentifiedArrayWithAnIDTwiceDoesNotDecode() throws {
    #expect {
      try decoded(
        IdentifiedArrayOf<Row>.self, from: #"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "The id 1 appears twice."
    }
  }
}
