-- Unique fields of a record result may come from one record parameter.
-- ==

type cache [n] = {mask: [n]f32, keys: [n]f32}

def step [n] (c: *cache [n]) (ps: [2]f32) : (*cache [n], [2]f32) = (c, ps)

def main [n] (c: *cache [n]) : cache [n] =
  let (c, _) = loop (c, ps) = (c, [1, 2]) for _i < 3 do step c ps
  in c
