-- A tuple component is projected from an unannotated lambda parameter of a top-level constant.
-- ==
-- error: Type is ambiguous
def first = \p -> p.0
