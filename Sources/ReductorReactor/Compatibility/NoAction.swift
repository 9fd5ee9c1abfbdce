/// ReactorKit's name for the action type of a reactable that has none: `Never`.
public typealias NoAction = Never
