-- A module's type must take as many parameters as the specification.
-- ==
-- error: Module defines\s+type pair = \(i32, i32\)\s+but module type requires\s+type pair 'a
module type pairs = { type pair 'a }
module p : pairs = { type pair = (i32, i32) }
