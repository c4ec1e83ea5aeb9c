-- Payloads of a fresh sum value.
-- ==

type~ shape = #circle f32 | #poly ([]f32)

def main (k: i64) : []f32 =
  let s : shape = if k > 0 then #poly (replicate k 0) else #circle 1
  in match s
     case #poly ps -> ps with [0] = 1
     case #circle r -> [r]
