-- Updating a field of a unique record in place, with a value read from
-- another field first.
-- ==

type~ cache = {mask: []f32, keys: []f32}

def main (c: *cache) : (*cache, f32) =
  let k = c.keys[0]
  in (c with mask[0] = k, k)
