-- An anonymous size in a type ascription that nothing determines (the
-- payload of a constructor the value does not use) is ambiguous.
-- ==
-- error: Ambiguous size in explicit type ascription
type~ reading = #samples ([]f32) | #labels ([]u8)
def main (xs: []f32) =
  let r: reading = #samples xs
  in length xs
