-- The parameters of a type abbreviation must have distinct names.
-- ==
-- error: Type parameter "e" previously defined
type twin 'e 'e = (e, e)
