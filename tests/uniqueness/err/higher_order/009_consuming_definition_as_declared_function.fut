-- A definition whose declared type is a function observing its
-- argument may not be given a function that consumes it.
-- ==
-- error: Function body does not have expected type(.|\n)*incompatible regarding consuming

def clear (buf: *[]i64) : i64 =
  let buf[0] = 0
  in buf[0]

def observer : []i64 -> i64 = clear
