-- The backward pipe operator.
def total (xs: []i32) = reduce (+) 0 <| map (* 3) xs
def chain (x: f64) = f64.sqrt <| f64.abs <| x - 10.0
def mixed (xs: []i32) = length <| filter (> 0) <| xs
