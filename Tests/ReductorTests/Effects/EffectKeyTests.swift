import Testing

@testable import Reductor

/// An effect key compares as `AnyHashable` does, whether two keys are copies of one or were made
/// apart.
@Suite struct EffectKeyTests {
  @Test func keysMadeApartFromEqualValuesAreOneKey() {
    let made = EffectKey("load")
    let again = EffectKey("load")
    #expect(made == again)
    #expect(made.hashValue == again.hashValue)
    #expect(Set([made, again, made]).count == 1)
  }

  @Test func integersOfDifferentTypesWithOneValueAreOneKey() {
    #expect(EffectKey(1) == EffectKey(UInt8(1)))
    #expect(EffectKey(1).hashValue == EffectKey(UInt8(1)).hashValue)
  }

  @Test func differentValuesAndTypesAreDifferentKeys() {
    #expect(EffectKey("load") != EffectKey("save"))
    #expect(EffectKey(1) != EffectKey(2))
    #expect(EffectKey("1") != EffectKey(1))
    let keys: Set = [EffectKey("load"), EffectKey("save"), EffectKey(1), EffectKey("1")]
    #expect(keys.count == 4)
  }

  @Test func aCopyIsTheSameKeyAndDescribesItsValue() {
    let key = EffectKey("load")
    let copy = key
    #expect(copy == key)
    #expect(copy.description == "\"load\"")
    #expect(EffectKey(7).description == "7")
    #expect(copy.base as? String == "load")
  }
}
