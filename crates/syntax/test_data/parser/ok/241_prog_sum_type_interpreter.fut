-- | A tiny stack machine whose instructions form a sum type.

type instr = #push i32 | #add | #mul | #neg | #dup | #swap | #jmpz i64 | #halt

type machine [k] = {stack: [k]i32, sp: i64, pc: i64, halted: bool}

def empty_machine (k: i64) : machine [k] =
  {stack = replicate k 0, sp = 0, pc = 0, halted = false}

def push [k] (m: machine [k]) (v: i32) : machine [k] =
  let stack = copy m.stack
  let stack[m.sp] = v
  in m with stack = stack with sp = m.sp + 1

def pop [k] (m: machine [k]) : (machine [k], i32) =
  (m with sp = m.sp - 1, m.stack[m.sp - 1])

-- | Execute a single instruction.
def step [k] [p] (prog: [p]instr) (m: machine [k]) : machine [k] =
  if m.halted || m.pc >= p then m with halted = true
  else
    let m' = m with pc = m.pc + 1
    in match prog[m.pc]
       case #push v -> push m' v
       case #add ->
         let (m1, a) = pop m'
         let (m2, b) = pop m1
         in push m2 (a + b)
       case #mul ->
         let (m1, a) = pop m'
         let (m2, b) = pop m1
         in push m2 (a * b)
       case #neg ->
         let (m1, a) = pop m'
         in push m1 (-a)
       case #dup ->
         let (m1, a) = pop m'
         in push (push m1 a) a
       case #swap ->
         let (m1, a) = pop m'
         let (m2, b) = pop m1
         in push (push m2 a) b
       case #jmpz target ->
         let (m1, a) = pop m'
         in if a == 0 then m1 with pc = target else m1
       case #halt -> m' with halted = true

-- | Run for at most `fuel` steps and return the top of the stack.
def run [p] (fuel: i32) (k: i64) (prog: [p]instr) : i32 =
  let final =
    loop m = empty_machine k for _i < fuel do
      step prog m
  in if final.sp > 0 then final.stack[final.sp - 1] else 0

-- | Computes (3 + 4) * -2.
entry example : i32 =
  run 100 8 [#push 3, #push 4, #add, #push 2, #neg, #mul, #halt]

entry square_of (x: i32) : i32 =
  run 10 4 [#push x, #dup, #mul, #halt]
