-- A parameter's inferred size cannot become the size of an expression
-- over that parameter: no caller could supply an array of that size.
-- ==
-- error: Unknown size.*in parameter
def label ws = zip ws (iota (i64.f32 ws[1]))
