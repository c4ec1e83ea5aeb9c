-- A type abbreviation refers to an undefined type.
-- ==
-- error: Unknown type "colour"
type pixel = {c: colour, alpha: f32}
