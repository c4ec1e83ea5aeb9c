-- Even applying the bound partial application once is rejected.
-- ==
-- error: contains-consumption

def fill (buf: *[]f32) (v: f32) : *[]f32 = map (\_ -> v) buf

def main (buf: *[]f32) : []f32 =
  let (g, k) = (fill buf, 2f32)
  in g k
