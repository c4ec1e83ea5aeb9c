-- A lambda's declared unique result may not alias its parameter.
-- ==
-- error: Unique-typed return value is aliased to "src", which is not consumable

def main (xs: []i32) : []i32 =
  let grab = \(src: []i32) : *[]i32 -> src[1:]
  in grab xs
