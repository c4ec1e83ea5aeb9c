-- Entry points follow the same rules.
-- ==
-- error: Unique-typed return value is aliased to "input", which is not consumable

entry main (input: []f32) : *[]f32 = input[1:]
