-- Sum types as instructions of a stack machine, interpreted in a loop with
-- match; constructors carrying arrays and records.
-- ==
-- entry: main
-- input { [0i32, 0i32, 1i32] [2i32, 3i32, 0i32] }
-- output { 5i32 }
-- input { [0i32, 4i32, 2i32, 0i32, 1i32] [5i32, 0i32, 0i32, 1i32, 0i32] }
-- output { 26i32 }
-- input { [0i32, 3i32, 0i32, 0i32, 2i32, 1i32] [4i32, 0i32, 3i32, 7i32, 0i32, 0i32] }
-- output { 17i32 }

-- ==
-- entry: items
-- input { [true, false, true] [1i32, 5i32, -2i32] }
-- output { [3i32, -5i32, -6i32] }

-- A small expression evaluator over an array of instructions (a stack machine).
type instr = #push i32 | #add | #mul | #neg | #dup

def exec [n] (prog: [n]instr) : i32 =
  let (stack, sp) =
    loop (stack, sp) = (replicate 8 0i32, 0i64) for ins in prog do
      match ins
      case #push v -> (stack with [sp] = v, sp + 1)
      case #add -> (stack with [sp - 2] = stack[sp - 2] + stack[sp - 1], sp - 1)
      case #mul -> (stack with [sp - 2] = stack[sp - 2] * stack[sp - 1], sp - 1)
      case #neg -> (stack with [sp - 1] = -stack[sp - 1], sp)
      case #dup -> (stack with [sp] = stack[sp - 1], sp + 1)
  in stack[sp - 1]

def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #add
  case 2 -> #mul
  case 3 -> #neg
  case _ -> #dup

def main (ops: []i32) (args: []i32) = exec (map2 decode ops args)

-- Sums carrying arrays and records.
type item = #many [3]i32 | #rec {a: i32, b: i32}

entry items (k: []bool) (xs: []i32) =
  let mk b x : item = if b then #many [x, x, x] else #rec {a = x, b = 2 * x}
  let value (it: item) = match it case #many arr -> i32.sum arr case #rec {a, b} -> a - b
  in map2 (\b x -> value (mk b x)) k xs
