-- A consumed argument may not alias another argument of the same call.
-- ==
-- error: (?s)Argument is consumed, but aliases.*dest.*positions
-- related: the other argument

def main (dest: *[]i64) (vs: []i64) : []i64 =
  let positions = dest[0:2]
  in scatter dest positions vs[0:2]
