-- Function types are right-associative.
type^ pred 'a = a -> bool
type^ curried = i32 -> i32 -> i32
type^ higher = (i32 -> i32) -> i32
type^ returns_fn = f32 -> (f32 -> f32)
type^ array_fn [n] = [n]f32 -> [n]f32
