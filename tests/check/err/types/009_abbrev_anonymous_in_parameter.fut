-- Nothing determines the size of a function's parameter here.
-- ==
-- error: anonymous size not used constructively
type^ predicate = []i32 -> bool
