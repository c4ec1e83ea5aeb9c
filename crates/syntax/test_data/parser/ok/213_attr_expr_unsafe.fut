-- The unsafe attribute on expressions.
def fast_get (xs: []i32) (i: i64) = #[unsafe] xs[i]
def fast_sum (xs: []i32) (is: []i64) = #[unsafe] reduce (+) 0 (map (\i -> xs[i]) is)
def nested_attr (xs: []i32) = map (\x -> #[unsafe] x + 1) xs
