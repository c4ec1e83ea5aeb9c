-- zip and unzip round-trip.
-- ==
def roundtrip [n] (a: [n]i32) (b: [n]bool) : ([n]i32, [n]bool) = unzip (zip a b)
