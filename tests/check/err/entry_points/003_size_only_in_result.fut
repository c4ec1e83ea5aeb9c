-- The caller could not say how long the result should be.
-- ==
-- error: must not be size-polymorphic in their return type
entry zeros [k] (v: f32) : [k]f32 = replicate k v
