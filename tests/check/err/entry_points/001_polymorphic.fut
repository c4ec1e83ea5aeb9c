-- Entry points must have a monomorphic type.
-- ==
-- error: Entry point functions may not be polymorphic
entry pick 'e (x: e) (_: e) = x
