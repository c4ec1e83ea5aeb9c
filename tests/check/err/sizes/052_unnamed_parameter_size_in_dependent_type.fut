-- A function whose type says its second parameter's size is the value of
-- its first must name that first parameter: an unnamed one cannot give the
-- array its size.
-- ==
-- error: Sizes "\?" and "count" do not match

type^ counted = (count: i64) -> [count]f32 -> f32

def total : counted = \_ values -> f32.sum values
