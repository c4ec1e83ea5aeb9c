-- A local function's declared unique result may not alias its parameter.
-- ==
-- error: Unique-typed return value is aliased to "v", which is not consumable

def main (xs: []i32) : []i32 =
  let keep (v: []i32) : *[]i32 = v
  in keep xs
