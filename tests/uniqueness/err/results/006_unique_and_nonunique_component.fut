-- Nor may a unique component alias a non-unique one.
-- ==
-- error: aliased to some other component

def with_tail (n: i64) : (*[]i32, []i32) =
  let base = map i32.i64 (iota n)
  in (base, base[1:])
