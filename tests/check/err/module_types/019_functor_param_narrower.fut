-- A parametric module that needs a concrete type in its parameter does not
-- implement a parametric module type whose parameter leaves it abstract.
-- ==
-- error: Module defines\s+type elem\s+but module type requires\s+type elem = f32
module type mapper = (E: { type elem }) -> { val name : i32 }

module m : mapper = \(E: { type elem = f32 }) -> { def name = 1i32 }
