-- The intrinsics are not a module one can bind.
-- ==
-- error: The 'intrinsics' module may not be used in module expressions
module raw = intrinsics
