-- Sizes computed from the loop parameter or counter may make the next
-- iteration's value, whose size is then loop-variant.
def halves (xs: []f32) =
  loop acc = xs while length acc > 1 do
    acc[:length acc / 2]

def stairs (n: i64) =
  loop acc = [0i64] for i < n do
    iota (i + length acc)
