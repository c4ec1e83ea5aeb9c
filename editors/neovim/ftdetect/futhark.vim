" Futhark programs are *.fut files.
autocmd BufRead,BufNewFile *.fut setfiletype futhark
