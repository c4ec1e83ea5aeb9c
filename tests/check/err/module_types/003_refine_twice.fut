-- A type refined with `with` is no longer abstract.
-- ==
-- error: not an abstract type
module type keyed = { type key }
module type int_keyed = keyed with key = i32
module type again = int_keyed with key = i64
