-- A parametric type the module type defines must be the module's type,
-- parameters matched by position.
-- ==
-- error: but module type requires\s+type pair 'a 'b = \(a, b\)

module type pairs = { type pair 'a 'b = (a, b) }

module swapped : pairs = { type pair 'a 'b = (b, a) }
