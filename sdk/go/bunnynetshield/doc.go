// A Pulumi package for bunny.net Shield: shield zones, WAF rules, rate limits, access lists, bot detection, upload scanning, API Guardian and custom pages.
package bunnynetshield
