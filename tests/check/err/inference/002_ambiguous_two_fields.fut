-- Two projections constrain an unannotated parameter but never fix its type.
-- ==
-- error: Type is ambiguous
def sum p = p.x + p.y + 0i32
