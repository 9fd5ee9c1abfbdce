public import Reductor

/// ReactableKit's name for the dependencies in force, which its keys extend with a property per
/// dependency (`self[Service.self]`): the core's `DependencyValues`.
public typealias GlobalDependencyKey = DependencyValues
