-- Bubble sort: a `for` loop nested in a `while` loop swaps elements in
-- place; the inner loop consumes the outer loop's parameter.
-- ==

def bubble [n] (xs: [n]i32) : [n]i32 =
  let (sorted, _) =
    loop (a, swapped) = (copy xs, true) while swapped do
      loop (a, swapped) = (a, false) for i < n - 1 do
        if a[i] > a[i + 1]
        then let t = a[i]
             let a[i] = a[i + 1]
             let a[i + 1] = t
             in (a, true)
        else (a, swapped)
  in sorted
