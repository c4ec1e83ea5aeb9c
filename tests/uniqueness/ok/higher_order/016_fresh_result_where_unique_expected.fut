-- Functions returning unique arrays, or consuming where consumption is
-- declared, fit a parameter or a declared type that asks for that.
-- ==

def fill_first (make: i64 -> *[]f64) (n: i64) : *[]f64 =
  make n with [0] = 1

def clear (buf: *[]i64) : *[]i64 = buf with [0] = 0

def consumer : *[]i64 -> *[]i64 = clear

def main (base: []f64) : *[]f64 =
  let prefix (k: i64) : *[]f64 = copy base[:k]
  in fill_first prefix 3
