-- Entry points may return the empty tuple, alone, beside other values or
-- as the elements of an array.
-- ==
-- entry: with_units
-- input { 1.5f32 } output { 3.0f32 }

entry with_units (x: f32) = (x * 2, (), replicate 4 ())

-- ==
-- entry: unit_param
-- input { 3i32 } output { 3i32 }

entry unit_param (x: i32) = let f ((): ()) = x in f ()
