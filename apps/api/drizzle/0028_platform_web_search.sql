-- Web search is the platform's (decision 035): it searches, then puts the results in the prompt, so every model can use it.
UPDATE llm_models SET supports_web_search = true;
