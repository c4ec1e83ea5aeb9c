-- The pipeline operator observes its function's argument.
-- ==
-- error: incompatible regarding consuming their arguments

def clear (xs: *[]i32) : *[]i32 = map (\_ -> 0) xs

def main (xs: *[]i32) : []i32 = xs |> clear
