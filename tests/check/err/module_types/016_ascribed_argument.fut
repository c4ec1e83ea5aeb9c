-- A module ascribed inside a module expression is checked there too.
-- ==
-- error: Module does not define a type named "key"
module type keyed = { type key val first : key }
module id (K: keyed) = K
module k = id ({ def first = 0i32 } : keyed)
