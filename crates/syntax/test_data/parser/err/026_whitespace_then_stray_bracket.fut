-- only whitespace apart from a single stray closing bracket

   	
      ]

	  
