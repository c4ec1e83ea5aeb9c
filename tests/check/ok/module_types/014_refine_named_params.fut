-- Refinements that keep or widen their parameters' liftedness, and value
-- specifications with named sizes.
-- ==
module type boxes = { type box 'a val size [n] : [n]f32 -> i64 }
module type i32_boxes = boxes with box 'a = (a, i32)
module type tabulate = { val make : (len: i64) -> [len]i32 }
