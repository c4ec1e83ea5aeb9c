-- Applying a size-parameterised abbreviation to an anonymous size inside
-- a plain abbreviation hides the size just as `[]` does.
-- ==
-- error: Non-lifted type abbreviations may not use existential sizes
type vec [n] = [n]f64
type any_vec = vec []
