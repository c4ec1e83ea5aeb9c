-- Neither does a unique type on a `let` binding.
-- ==
-- error: Unique-typed return value is aliased to "bytes", which is not consumable

def reversed (bytes: []u8) : *[]u8 =
  let out : *[]u8 = bytes[::-1]
  in out
