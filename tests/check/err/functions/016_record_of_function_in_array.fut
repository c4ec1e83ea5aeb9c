-- An array literal holds records that contain functions.
-- ==
-- error: (functional type|lifted type)
def ops = [{f = \(x: i32) -> x}, {f = \(x: i32) -> -x}]
