-- The value returned for a consumed loop parameter may not alias a
-- variable bound outside the loop.
-- ==
-- error: (?s)Return value for consuming loop parameter "arr" aliases "other".*consuming-loop-param-aliases
-- related: "other" is bound here

def main (n: i64) : i64 =
  let arr = iota n
  let other = iota n
  let arr = loop arr for i < n do
              let arr[i] = 0
              in other
  in arr[0]
