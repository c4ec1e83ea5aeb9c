-- && binds tighter than ||, both are left-associative.
def f1 (a: bool) (b: bool) (c: bool) = a || b && c
def f2 (a: bool) (b: bool) (c: bool) = a && b || c
def f3 (a: bool) (b: bool) (c: bool) (d: bool) = a && b || c && d
def f4 (a: bool) (b: bool) (c: bool) = a || b || c
