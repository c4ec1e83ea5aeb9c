-- A module must define a type refined with `with` as the refinement says,
-- also for a nested module's type.
-- ==
-- error: Module defines type inner.key = u8 but module type requires type inner.key = i64
module type keyed = { type key }
module type outer = { module inner: keyed }

module o : outer with inner.key = i64 = { module inner = { type key = u8 } }
