/// ReactorKit's name for the mutation type of a reactable that has none: `Never`.
public typealias NoMutation = Never
