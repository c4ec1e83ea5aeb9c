-- An element of an array of unknown type may itself be an array, aliasing it.
-- ==
-- error: Source array for in-place update

def rotate_left 'e [n] (xs: *[n]e) : *[n]e =
  let first = xs[0]
  let xs = loop xs for i < n - 1 do xs with [i] = xs[i + 1]
  in xs with [n - 1] = first
